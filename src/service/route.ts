/** One operation of the service: its methods, its family's error shape and its handler. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceContext } from './context.js';

export type RouteFamily = 'public' | 'private' | 'oauth';

export interface Route {
  methods: readonly string[];
  family: RouteFamily;
  handle(ctx: ServiceContext, req: IncomingMessage, res: ServerResponse, body: Buffer): void;
}
