/** pbc's version: package.json's, put in by the build (scripts/build.mjs), else the source's. */
declare const PBC_VERSION: string | undefined;
export const version = typeof PBC_VERSION === 'string' ? PBC_VERSION : '0.1.0';
