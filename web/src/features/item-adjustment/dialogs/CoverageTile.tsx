import { Coverage } from '@cpb/domain';
import { Group, Text, UnstyledButton } from '@mantine/core';
import { forwardRef, type MouseEventHandler } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Colour and icon of each coverage (spec part 1 §4: the site button's icon depends on coverage);
 * text on each colour has at least 4.5:1 contrast (WCAG AA).
 */
const LOOK: Record<number, { bg: string; fg: string; icon: string; key: string }> = {
  [Coverage.Update]: { bg: '#277a37', fg: 'white', icon: '✓', key: 'update' },
  [Coverage.NoChange]: { bg: '#f1f3f5', fg: '#495057', icon: '–', key: 'noChange' },
  [Coverage.Remove]: { bg: '#c92a2a', fg: 'white', icon: '✕', key: 'remove' },
  [Coverage.Outside]: { bg: '#0b7285', fg: 'white', icon: '↗', key: 'outside' },
  [Coverage.Impact]: { bg: '#f08c00', fg: '#212529', icon: '!', key: 'impact' },
};

/** The legend: each coverage's colour and icon with its name. */
export function CoverageLegend() {
  const { t } = useTranslation();
  return (
    <Group gap="md" aria-hidden>
      {Object.values(LOOK).map((look) => (
        <Group key={look.key} gap={6}>
          <span
            style={{
              display: 'inline-block',
              width: 18,
              height: 18,
              lineHeight: '18px',
              textAlign: 'center',
              borderRadius: 4,
              background: look.bg,
              color: look.fg,
              fontSize: 12,
              fontWeight: 700,
            }}
          >
            {look.icon}
          </span>
          <Text size="xs">{t(`itemAdjust.coverage.${look.key}` as 'itemAdjust.coverage.update')}</Text>
        </Group>
      ))}
    </Group>
  );
}

export interface CoverageTileProps {
  coverage: number;
  text: string;
  /** The accessible name's subject: 'Zone 1 - Central Valley', 'Site 3 - Clovis'. */
  label: string;
  wide?: boolean;
  highlighted?: boolean;
  onClick: () => void;
  onMouseEnter?: MouseEventHandler;
  onMouseLeave?: MouseEventHandler;
}

/** One zone or site tile of the coverage dialog; its name ends with the coverage state. */
export const CoverageTile = forwardRef<HTMLButtonElement, CoverageTileProps>(function CoverageTile(
  { coverage, text, label, wide, highlighted, onClick, onMouseEnter, onMouseLeave, ...rest },
  ref,
) {
  const { t } = useTranslation();
  const look = LOOK[coverage] ?? LOOK[Coverage.NoChange];
  const state = t(`itemAdjust.coverage.${look.key}` as 'itemAdjust.coverage.update');
  return (
    <UnstyledButton
      ref={ref}
      {...rest}
      aria-label={`${label}: ${state}`}
      data-coverage={coverage}
      data-highlighted={highlighted || undefined}
      onClick={onClick}
      onMouseEnter={onMouseEnter}
      onMouseLeave={onMouseLeave}
      style={{
        minWidth: wide ? 190 : 56,
        padding: '8px 10px',
        borderRadius: 6,
        background: look.bg,
        color: look.fg,
        fontWeight: 600,
        fontSize: wide ? 13 : 18,
        textAlign: wide ? 'left' : 'center',
        border: highlighted ? '2px solid #1c7ed6' : '2px solid transparent',
        boxShadow: highlighted ? '0 0 0 3px rgba(28,126,214,.25)' : undefined,
      }}
    >
      <span aria-hidden style={{ marginRight: 6 }}>
        {look.icon}
      </span>
      {text}
    </UnstyledButton>
  );
});
