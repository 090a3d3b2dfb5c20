/**
 * Builds the Fastify app: plugins, the error shape, public routes, then every signed-in route
 * behind one guard (session, `{user}`, `{zone}`).
 */
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { registerOriginCheck } from './features/auth/csrf';
import { makeGuard } from './features/auth/guard';
import { authRoutes } from './features/auth/routes';
import { registerToolsGuard } from './features/auth/tools-guard';
import { currentPricesRoutes } from './features/current-prices/routes';
import { distributionRoutes } from './features/distribution/routes';
import { itemAdjustRoutes } from './features/item-adjust/routes';
import { itemRoutes } from './features/items/routes';
import { lookupRoutes } from './features/lookups/routes';
import { negCostRoutes } from './features/negcost/routes';
import { ouReportRoutes } from './features/outside-updates/report-routes';
import { outsideUpdateRoutes } from './features/outside-updates/routes';
import { ouRuleRoutes } from './features/outside-updates/rules/routes';
import { preferenceRoutes } from './features/preferences/routes';
import { pricingEventRoutes } from './features/pricing-events/routes';
import { negCostReportRoutes } from './features/reports/negcost-routes';
import { reportRoutes } from './features/reports/routes';
import { shellPublicRoutes, shellRoutes } from './features/shell/routes';
import { backendVersion } from './features/shell/version';
import { siteImportRoutes } from './features/site-import/routes';
import { transferRoutes } from './features/transfers/routes';
import { vendorImportRoutes } from './features/vendor-import/routes';
import { AppError } from './lib/errors';
import { registerMetrics } from './lib/metrics';
import { openGate, registerRequestGate } from './lib/request-gate';
import { serializerCompiler } from './lib/serializer';
import { registerWeb } from './lib/web-static';
import { createServices, type Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    /** The services the routes use (tests reach the same ones, e.g. to run transfers inline). */
    services: Services;
  }
}

export interface BuildOptions {
  db: Db;
  config: AppConfig;
  logger?: FastifyServerOptions['logger'];
  /** 'pglite': requests take turns at the database (lib/request-gate.ts). */
  dbKind?: 'pglite' | 'postgres';
  /** The services to serve with (e.g. shared with workers); made from `db` and `config` when absent. */
  services?: Services;
  /** Run the transfer workers in this process (main.ts: unless WORKERS=off); tests drain inline instead. */
  workers?: boolean;
}

export async function buildApp({
  db,
  config,
  logger = false,
  dbKind,
  services: given,
  workers = false,
}: BuildOptions): Promise<FastifyInstance> {
  // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (none by default).
  // A hop count trusts that many proxies in front of the server (what Fastify does for a number).
  const hops = config.trustProxy;
  const trustProxy = typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops;
  const options: FastifyServerOptions = { logger, trustProxy };
  const app = Fastify(options);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  const services = given ?? createServices({ config, db, log: app.log });
  app.decorate('services', services);

  // The job queue starts with the app (so a route may enqueue inside its own transaction) and
  // stops with it, before the database closes; the workers too when this process runs them.
  app.addHook('onReady', async () => {
    if (workers) await services.startWorkers();
    else await services.jobs.ready();
  });
  app.addHook('onClose', async () => {
    await services.stopWorkers();
  });

  await app.register(cookie);
  registerOriginCheck(app, config.allowedOrigins);
  registerToolsGuard(app, db, config.publicMetrics);
  if (dbKind === 'pglite') registerRequestGate(app);
  else app.decorate('dbGate', openGate);
  // HSTS and upgrade-insecure-requests only behind HTTPS (COOKIE_SECURE=true): over plain HTTP on a
  // LAN host name they would send the browser to an https:// that does not answer (a blank page).
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'worker-src': ["'self'", 'blob:'],
        'upgrade-insecure-requests': config.cookieSecure ? [] : null,
      },
    },
    strictTransportSecurity: config.cookieSecure,
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Central Price Book API', version: backendVersion } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  registerMetrics(app);

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.status).headers(err.headers).send({ ErrorMessage: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const text = err.validation
        .map(
          (v) =>
            `${v.instancePath.slice(1).replaceAll('/', '.') || err.validationContext || 'request'}: ${v.message}`,
        )
        .join('; ');
      return reply.code(400).send({ ErrorMessage: text });
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status < 500) return reply.code(status).send({ ErrorMessage: (err as Error).message });
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ ErrorMessage: 'Unexpected server error. It has been logged.' });
  });

  // GET answers are never cached: the page always sees the current price book.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method === 'GET' && !req.url.startsWith('/assets/')) {
      reply.header('cache-control', 'no-store, no-cache, must-revalidate');
      reply.header('pragma', 'no-cache');
    }
    return payload;
  });

  await app.register(authRoutes, { services });
  await app.register(shellPublicRoutes, { services });

  await app.register(async (scope) => {
    scope.addHook('onRequest', makeGuard(services.db));
    await scope.register(shellRoutes, { services });
    await scope.register(lookupRoutes, { services });
    await scope.register(itemAdjustRoutes, { services });
    await scope.register(distributionRoutes, { services });
    await scope.register(negCostRoutes, { services });
    await scope.register(pricingEventRoutes, { services });
    await scope.register(itemRoutes, { services });
    await scope.register(reportRoutes, { services });
    await scope.register(negCostReportRoutes, { services });
    await scope.register(preferenceRoutes, { services });
    await scope.register(currentPricesRoutes, { services });
    await scope.register(transferRoutes, { services });
    await scope.register(siteImportRoutes, { services });
    await scope.register(vendorImportRoutes, { services });
    await scope.register(outsideUpdateRoutes, { services });
    await scope.register(ouReportRoutes, { services });
    await scope.register(ouRuleRoutes, { services });
  });

  await registerWeb(app, config.webDist);
  return app;
}
