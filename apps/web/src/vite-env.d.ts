/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Host of the mobile site (older API calls, login); '' = same origin. */
  readonly VITE_MOBILE_HOST?: string;
  /** Host of the static-asset site (lizard script, WeChat SDK); '' = same origin. */
  readonly VITE_STATIC_HOST?: string;
  /** Host of the open-API gateway (the newer, signed wrapper); '' = same origin. */
  readonly VITE_OPENAPI_HOST?: string;
  /** The public H5 client id and signing key of the open-API gateway. */
  readonly VITE_OPENAPI_CLIENT_ID?: string;
  readonly VITE_OPENAPI_CLIENT_SECRET?: string;
  /** The maps service's key (AMap JS API 2.0). */
  readonly VITE_MAP_KEY?: string;
  /** The customer-service provider's keys, `name:value,name:value`. */
  readonly VITE_CUSTOMER_SERVICE_KEYS?: string;
  /** Analytics product identifiers, `name:value,name:value`. */
  readonly VITE_ANALYTICS_PRODUCT_IDS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
