#!/usr/bin/env node
// The bin is a committed file, not dist/cli.js itself: pnpm links bins at install time, before a fresh
// clone has built anything, and warns for every workspace package when the target does not exist yet.
await import('../dist/cli.js');
