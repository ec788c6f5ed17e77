import type { CompressionOptions } from "compression";
import { constants } from "node:zlib";

/**
 * Brotli quality for the responses the server compresses as it sends them (decision 0208).
 *
 * The `compression` middleware's default, quality 4, cost a large share of a results page's CPU (each
 * stream grows a fresh encoder). Quality 1 is several times cheaper and makes pages slightly larger,
 * still about the size of gzip at level 6 for less CPU. Every browser offers Brotli.
 */
export const BROTLI_QUALITY = 1;

/** What server.ts gives the compression middleware: Brotli at quality 1; gzip (level 6) for clients without Brotli. */
export const COMPRESSION_OPTIONS: CompressionOptions = {
  brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
};
