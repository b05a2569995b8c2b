/**
 * `@backline/core/contract`: the wire contract, declared once and imported by both sides. The server
 * registers, validates, documents and fuzzes each route from it; the browser calls each route through
 * `http.call(route, input)` with types inferred from the same schemas. Schemas use zod's mini build, so a page
 * pulls in only the schemas of the routes it calls.
 */
export * from './fields';
export * from './route';
export * as apiDocs from './routes/api-docs';
export * as auth from './routes/auth';
export * as system from './routes/core';
export * as uploads from './routes/uploads';
export * from './schemas/bootstrap';
export * from './schemas/common';
export * from './schemas/file-entry';
export * from './schemas/user';
export * from './uploads/constants';
export * from './uploads/restrictions';
export * from './wire';
