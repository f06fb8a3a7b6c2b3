import { describe, expect, it } from 'vitest';
import { EMPTY_SHA256, encodeS3Path, sha256Hex, signS3 } from './sigv4';

/**
 * The worked examples of AWS's "Signature Calculations for the Authorization Header: Transferring Payload in a
 * Single Chunk (AWS Signature Version 4)" (Amazon S3 API reference): their published keys, time and signatures.
 */
const EXAMPLE = {
  host: 'examplebucket.s3.amazonaws.com',
  region: 'us-east-1',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  now: new Date('2013-05-24T00:00:00Z'),
};

describe('AWS Signature Version 4 for S3', () => {
  it('signs the GET Object example (Range header, empty payload)', () => {
    const signed = signS3({ ...EXAMPLE, method: 'GET', path: '/test.txt', headers: { Range: 'bytes=0-9' }, payloadHash: EMPTY_SHA256 });
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('signs the PUT Object example (a key with $, a body, Date and storage class headers)', () => {
    const body = Buffer.from('Welcome to Amazon S3.');
    expect(sha256Hex(body)).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const signed = signS3({
      ...EXAMPLE,
      method: 'PUT',
      path: '/test%24file.text',
      headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      payloadHash: sha256Hex(body),
    });
    expect(sha256Hex(signed.canonicalRequest)).toBe('9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d');
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('signs the GET Bucket Lifecycle example (a query parameter without a value)', () => {
    const signed = signS3({ ...EXAMPLE, method: 'GET', path: '/', query: { lifecycle: '' }, payloadHash: EMPTY_SHA256 });
    expect(signed.signature).toBe('fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543');
  });

  it('signs the GET Bucket (List Objects) example (query parameters sorted)', () => {
    const signed = signS3({ ...EXAMPLE, method: 'GET', path: '/', query: { prefix: 'J', 'max-keys': '2' }, payloadHash: EMPTY_SHA256 });
    expect(signed.signature).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });

  it('encodes an object key once per segment, keeping its slashes', () => {
    expect(encodeS3Path('my-bucket', 'shop 1/a$b.webp')).toBe('/my-bucket/shop%201/a%24b.webp');
  });
});
