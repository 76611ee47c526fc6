// The first image of each product the cart drawer shows (cart lines, ordered lines), asked of the
// API once per product and kept for the page: a cart line names its product but not its images.
import type { ShopApi } from './api.js';

export class ProductImages {
  private readonly known = new Map<string, string | null>();
  private readonly asked = new Set<string>();

  constructor(
    private readonly api: ShopApi,
    /** Called once images arrived. */
    private readonly arrived: () => void,
  ) {}

  /** The product's first image as an absolute URL; null when it has none, or not known yet. */
  of(productId: string): string | null {
    return this.known.get(productId) ?? null;
  }

  /** Asks for the images of the products not asked yet (again after a failure). */
  want(productIds: Iterable<string>): void {
    const missing = [...new Set(productIds)].filter((id) => !this.asked.has(id));
    if (missing.length === 0) return;
    for (const id of missing) this.asked.add(id);
    this.api.productImages(missing).then(
      (images) => {
        for (const [id, url] of images) this.known.set(id, url);
        this.arrived();
      },
      () => {
        for (const id of missing) this.asked.delete(id);
      },
    );
  }
}
