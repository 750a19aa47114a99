/** The contract's codecs, loaded on first use: the public share page's first load carries no zod or contract. */
export const codecs = () => import('./decode.js');
