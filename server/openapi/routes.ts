import { createRequire } from 'node:module';
import path from 'node:path';
import { Router } from 'express';
import type { Deps } from '../deps';
import { PROJECT_ROOT } from '../paths';
import { openApiDocument, type OpenApiDocument } from './document';

const PAGE_DIR = path.join(PROJECT_ROOT, 'server/openapi/page');
// swagger-ui-dist's files, served from our origin: the CSP allows no CDN and no inline script.
const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * `/openapi.json` (the REST surface, built from the route table) and its reference page `/docs/api`. The
 * document's `servers` is this deployment's PUBLIC_URL, so a client generated from it calls the right host.
 */
export function openApiRoutes(deps: Pick<Deps, 'config'>): Router {
  const r = Router();
  let document: OpenApiDocument | undefined;
  r.get('/openapi.json', (_req, res) => {
    document ??= openApiDocument(deps.config.publicUrl);
    res.json(document);
  });
  r.get('/docs/api', (_req, res) => res.sendFile(path.join(PAGE_DIR, 'index.html')));
  r.get('/docs/api/start.js', (_req, res) => res.sendFile(path.join(PAGE_DIR, 'start.js')));
  for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js']) {
    r.get(`/docs/api/${file}`, (_req, res) => res.sendFile(path.join(SWAGGER_UI_DIR, file)));
  }
  return r;
}
