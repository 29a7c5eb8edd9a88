/** The part of s3rver (an S3-compatible test server, no types of its own) the S3 tests use. */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: Record<string, unknown>);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
