import { createContext } from 'react';
import type { BootstrapStore } from '../bootstrap/bootstrap-store';
import type { CookieSource } from '../cookies/cookies';
import type { HttpClient } from '../http/http-client';
import type { WorkspaceStore } from '../workspace/workspace';

// One context per concept, created once here, so a duplicated hook module can never split the state.
export const BootstrapContext = createContext<BootstrapStore | null>(null);
export const HttpContext = createContext<HttpClient | null>(null);
export const WorkspaceContext = createContext<WorkspaceStore | null>(null);
export const CookiesContext = createContext<CookieSource | null>(null);
