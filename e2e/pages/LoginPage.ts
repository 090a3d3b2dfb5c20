import { expect, type Locator, type Page } from '@playwright/test';

/** The sign-in page. */
export class LoginPage {
  readonly userName: Locator;
  readonly password: Locator;
  readonly signIn: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.userName = page.getByRole('textbox', { name: 'User name' });
    this.password = page.getByRole('textbox', { name: 'Password' });
    this.signIn = page.getByRole('button', { name: 'Sign in' });
    this.error = page.getByRole('alert').filter({ hasText: 'Sign-in failed' });
  }

  async goto(next?: string): Promise<void> {
    await this.page.goto(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
    await expect(this.page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  }

  async signInAs(userName: string, password: string): Promise<void> {
    await this.userName.fill(userName);
    await this.password.fill(password);
    await this.signIn.click();
  }
}
