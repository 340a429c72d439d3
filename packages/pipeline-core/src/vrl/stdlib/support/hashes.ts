import { sha224, sha256, sha384, sha512, sha512_224, sha512_256 } from '@noble/hashes/sha2.js';
import { sha3_224, sha3_256, sha3_384, sha3_512 } from '@noble/hashes/sha3.js';

type Hash = (data: Uint8Array) => Uint8Array;

export const SHA2_VARIANTS: Readonly<Record<string, Hash>> = {
  'SHA-224': sha224,
  'SHA-256': sha256,
  'SHA-384': sha384,
  'SHA-512': sha512,
  'SHA-512/224': sha512_224,
  'SHA-512/256': sha512_256,
};

export const SHA3_VARIANTS: Readonly<Record<string, Hash>> = {
  'SHA3-224': sha3_224,
  'SHA3-256': sha3_256,
  'SHA3-384': sha3_384,
  'SHA3-512': sha3_512,
};
