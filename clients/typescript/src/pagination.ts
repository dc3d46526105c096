import { RepeatedCursorError } from './errors';

/**
 * A paginated operation's answer: await it for the first page, or iterate it for every item of every page (the next
 * page is fetched when the items of this one are used up).
 */
export class PagePromise<Page extends { data: ReadonlyArray<unknown>; next_cursor?: string | null }, Item>
  implements PromiseLike<Page>, AsyncIterable<Item>
{
  private first: Promise<Page> | undefined;

  constructor(private readonly fetchPage: (cursor: string | undefined) => Promise<Page>) {}

  private firstPage(): Promise<Page> {
    this.first ??= this.fetchPage(undefined);
    return this.first;
  }

  then<A = Page, B = never>(
    onFulfilled?: ((page: Page) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.firstPage().then(onFulfilled, onRejected);
  }

  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<Page | B> {
    return this.firstPage().catch(onRejected);
  }

  /**
   * Every page, the first one included. A `next_cursor` the API already gave in this walk (the cursor just used, or an
   * earlier one) would fetch the same pages forever: it throws a `RepeatedCursorError` instead.
   */
  async *pages(): AsyncGenerator<Page> {
    let page = await this.firstPage();
    const followed = new Set<string>();
    for (;;) {
      yield page;
      const cursor = page.next_cursor;
      if (!cursor) return;
      if (followed.has(cursor)) throw new RepeatedCursorError(cursor, followed.size);
      followed.add(cursor);
      page = await this.fetchPage(cursor);
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    for await (const page of this.pages()) {
      for (const item of page.data) yield item as Item;
    }
  }

  /** Every item of every page in one array (mind the size: `limit` sets the page size, not the total). */
  async toArray(): Promise<Item[]> {
    const items: Item[] = [];
    for await (const item of this) items.push(item);
    return items;
  }
}
