/**
 * The resource types of bootstrap data, inferred from the contract's schemas (`@backline/core/contract`),
 * where they are defined once for the server and the browser alike. Type-only: nothing of zod is bundled.
 */
export type {
  BootstrapData,
  Menu,
  MenuItem,
  Permission,
  Role,
  Theme,
  User,
} from '../contract/index';
