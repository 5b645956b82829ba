import type { S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import { publicFileUrl, type Storage } from "./storage.server";

export type S3Settings = {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prefixed to every bucket name, so one S3 account can hold several installations. */
  bucketPrefix: string;
  /**
   * The store's address as browsers reach it (S3_PUBLIC_URL): when set, downloads are answered
   * with a redirect to a short-lived signed address there, and the bytes never pass through us.
   */
  publicEndpoint?: string;
};

/** How long a signed address opens its file. */
export const SIGNED_URL_SECONDS = 300;

const notFound = (error: unknown) =>
  (error as S3ServiceException).$metadata?.httpStatusCode === 404;

/**
 * S3-compatible storage (AWS, R2, MinIO, Bunny's S3 API...). Buckets are made on first use.
 * Files are still served through GET /files/{bucket}/{key}, which checks the host's account.
 */
export function createS3Storage(settings: S3Settings): Storage {
  // The SDK is hundreds of files: loaded with the first file stored or read, not at every start
  // (decision 019).
  let loaded: Promise<{ sdk: typeof import("@aws-sdk/client-s3"); client: S3Client }> | undefined;
  const clientFor = (sdk: typeof import("@aws-sdk/client-s3"), endpoint: string) =>
    new sdk.S3Client({
      endpoint,
      region: settings.region,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      forcePathStyle: true,
      // A streamed body would otherwise be sent aws-chunked with a trailing checksum, which
      // S3-compatible stores (MinIO, R2, s3rver) do not all understand.
      requestChecksumCalculation: "WHEN_REQUIRED",
    });
  const s3 = () =>
    (loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: clientFor(sdk, settings.endpoint),
    })));
  const { publicEndpoint } = settings;
  // Signing is done offline, but the address signed is the one browsers use (the store's
  // public host, not the compose network's).
  let signer:
    | Promise<(command: import("@aws-sdk/client-s3").GetObjectCommand) => Promise<string>>
    | undefined;
  const sign = (publicAt: string) =>
    (signer ??= Promise.all([s3(), import("@aws-sdk/s3-request-presigner")]).then(
      ([{ sdk }, { getSignedUrl }]) => {
        const client = clientFor(sdk, publicAt);
        return (command) => {
          // One address per file per window: a browser that saw it keeps it in its cache.
          const window = SIGNED_URL_SECONDS * 1000;
          const signingDate = new Date(Math.floor(Date.now() / window) * window);
          return getSignedUrl(client, command, { expiresIn: 2 * SIGNED_URL_SECONDS, signingDate });
        };
      },
    ));
  const ready = new Set<string>();
  const bucketName = (bucket: string) => `${settings.bucketPrefix}${bucket}`.toLowerCase();

  async function ensureBucket(name: string) {
    if (ready.has(name)) return;
    const { sdk, client } = await s3();
    try {
      await client.send(new sdk.HeadBucketCommand({ Bucket: name }));
    } catch (error) {
      const status = (error as S3ServiceException).$metadata?.httpStatusCode;
      if (status !== 404) throw error;
      await client.send(new sdk.CreateBucketCommand({ Bucket: name }));
    }
    ready.add(name);
  }

  return {
    driver: "s3",
    async put({ bucket, key, body, contentType }) {
      const name = bucketName(bucket);
      await ensureBucket(name);
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({ Bucket: name, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async putFile({ bucket, key, path, contentType }) {
      const name = bucketName(bucket);
      await ensureBucket(name);
      const { sdk, client } = await s3();
      const { size } = await fs.stat(path);
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: name,
          Key: key,
          Body: createReadStream(path),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async stat({ bucket, key }) {
      const { sdk, client } = await s3();
      try {
        const head = await client.send(
          new sdk.HeadObjectCommand({ Bucket: bucketName(bucket), Key: key }),
        );
        return {
          size: head.ContentLength ?? 0,
          contentType: head.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async read({ bucket, key, start, end }) {
      const { sdk, client } = await s3();
      const range = start === undefined ? undefined : `bytes=${start}-${end ?? ""}`;
      const object = await client.send(
        new sdk.GetObjectCommand({ Bucket: bucketName(bucket), Key: key, Range: range }),
      );
      return object.Body!.transformToWebStream() as ReadableStream<Uint8Array>;
    },
    async delete({ bucket, key }) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucketName(bucket), Key: key }));
    },
    async *list(bucket) {
      const { sdk, client } = await s3();
      let token: string | undefined;
      do {
        let page;
        try {
          page = await client.send(
            new sdk.ListObjectsV2Command({ Bucket: bucketName(bucket), ContinuationToken: token }),
          );
        } catch (error) {
          // Buckets are made on first write: one never written holds nothing.
          if (error instanceof sdk.NoSuchBucket || notFound(error)) return;
          throw error;
        }
        for (const object of page.Contents ?? [])
          if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async get({ bucket, key }) {
      const { sdk, client } = await s3();
      try {
        const object = await client.send(
          new sdk.GetObjectCommand({ Bucket: bucketName(bucket), Key: key }),
        );
        const bytes = await object.Body!.transformToByteArray();
        return {
          body: Buffer.from(bytes),
          contentType: object.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || notFound(error)) return null;
        throw error;
      }
    },
    publicUrl: publicFileUrl,
    ...(publicEndpoint
      ? {
          async signedUrl({ bucket, key, contentType, disposition, cacheControl }) {
            const { sdk } = await s3();
            return (await sign(publicEndpoint))(
              new sdk.GetObjectCommand({
                Bucket: bucketName(bucket),
                Key: key,
                ResponseContentType: contentType,
                ResponseContentDisposition: disposition,
                ResponseCacheControl: cacheControl,
              }),
            );
          },
        }
      : {}),
  };
}
