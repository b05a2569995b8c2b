import type { HttpClient } from '../http/http-client';
import { type BootstrapStore, decodeBootstrap } from './bootstrap-store';
import type { BootstrapData } from './types';

/** The answer of `GET bootstrap-data`: the encoded data sits in `data.data`. */
export interface BootstrapDataResponse {
  data: { data: string };
}

/** Fetches fresh bootstrap data (`GET bootstrap-data`) and decodes it. */
export async function loadBootstrap(http: HttpClient, signal?: AbortSignal): Promise<BootstrapData> {
  const response = await http.get<BootstrapDataResponse>('bootstrap-data', { signal });
  const encoded = response?.data?.data;
  if (typeof encoded !== 'string' && (typeof encoded !== 'object' || encoded === null)) {
    throw new Error('The bootstrap-data answer carries no data.data');
  }
  return decodeBootstrap(encoded);
}

/** Reloads the store from the server, replacing it wholesale. */
export async function refreshBootstrap(store: BootstrapStore, http: HttpClient): Promise<BootstrapData> {
  const data = await loadBootstrap(http);
  store.replace(data);
  return store.getSnapshot();
}

/** An answer that may carry bootstrap data: register, login, logout, social connect. */
export interface BootstrapAnswer {
  bootstrapData?: string | BootstrapData | null;
}

/**
 * Applies a register, login or logout answer: its `bootstrapData` replaces the store wholesale.
 * Answers true when it did (a login answer flagged `two_factor` carries none, and changes nothing).
 */
export function applyBootstrapAnswer(
  store: BootstrapStore,
  answer: BootstrapAnswer | object | null | undefined,
): boolean {
  const data = answer && 'bootstrapData' in answer ? (answer as BootstrapAnswer).bootstrapData : undefined;
  if (data === undefined || data === null) return false;
  store.replace(data);
  return true;
}
