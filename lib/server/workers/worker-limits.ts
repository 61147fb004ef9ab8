/**
 * The heap of a worker that holds a few batches at a time (the search build's writer and reader).
 * A small young generation (8 MB, V8's default is 3x16 MB per thread) keeps two such workers ~40 MB
 * lower in the process's peak, measured on the reference corpus; scavenges come more often, at no
 * build time that could be told from the noise.
 */
export const BATCH_WORKER_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 8 } as const;

/**
 * The search build's reader when it reads transcripts: it holds one whole transcript at a time (up
 * to FILE_CAPS.transcript, 256 MB, and its parse several times that), as the main thread did
 * before that read moved here. Its young generation stays small.
 */
export const TRANSCRIPT_READER_LIMITS = { maxOldGenerationSizeMb: 2048, maxYoungGenerationSizeMb: 8 } as const;
