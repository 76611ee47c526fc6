// A catalog whose index is large for its size, for the tests of the search's memory: every product
// has a description of words no other product has (about 1,800 characters), so that each adds as
// many terms to the index as it has words. Products are those of the bench catalog otherwise.
import { generatedProduct, generatedStore, generator } from '../../bench/catalog.js';

/** The description word `word` of product `id`: letters and digits only, one word. */
export const wordOf = (id: number, word: number) => `w${id.toString(36)}x${word.toString(36)}q`;

export function wordyCatalog(products: number, wordsPerProduct = 200) {
  const random = generator(7);
  return {
    version: 1,
    stores: [generatedStore('wordy', 0)],
    products: Array.from({ length: products }, (_value, index) => ({
      ...generatedProduct('wordy', index, 1, ['S'], random),
      description: Array.from({ length: wordsPerProduct }, (_word, word) => wordOf(index + 1, word)).join(' '),
    })),
    media: [],
    similar: [],
  };
}
