import { Router } from 'express';
import type { Deps } from '../deps';
import { bodyWithParams, procedure, queryParams } from './respond';

/** Team chat (CONTRACT.md section 10) and its unread counts (decision 0601). */
export function chatRoutes(deps: Deps): Router {
  const r = Router();
  r.get('/chat/unread', procedure(deps, (c) => c.chat.unreadAll()));
  r.get(
    '/organizations/:organization_id/chat/messages',
    procedure(deps, (c, req) => c.chat.history({ organizationId: req.params.organization_id as string, ...queryParams(req, ['before', 'limit']) } as never)),
  );
  r.post(
    '/organizations/:organization_id/chat/messages',
    procedure(deps, (c, req) => c.chat.send(bodyWithParams(req, { organizationId: req.params.organization_id as string }) as never), { status: 201 }),
  );
  r.patch(
    '/organizations/:organization_id/chat/messages/:message_id',
    procedure(deps, (c, req) =>
      c.chat.edit(bodyWithParams(req, { organizationId: req.params.organization_id as string, messageId: req.params.message_id as string }) as never),
    ),
  );
  r.delete(
    '/organizations/:organization_id/chat/messages/:message_id',
    procedure(deps, (c, req) =>
      c.chat.delete(bodyWithParams(req, { organizationId: req.params.organization_id as string, messageId: req.params.message_id as string }) as never),
    ),
  );
  r.get('/organizations/:organization_id/chat/unread', procedure(deps, (c, req) => c.chat.unread({ organizationId: req.params.organization_id as string })));
  r.post(
    '/organizations/:organization_id/chat/read',
    procedure(deps, (c, req) => c.chat.markRead(bodyWithParams(req, { organizationId: req.params.organization_id as string }) as never)),
  );
  return r;
}
