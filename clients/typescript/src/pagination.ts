/**
 * A paginated operation's answer: await it for the first page, or iterate it for every item of every page (the next
 * page is fetched when the items of this one are used up).
 */
export class PagePromise<Page extends { data: ReadonlyArray<unknown>; next_cursor?: string | null }, Item> implements PromiseLike<Page>, AsyncIterable<Item> {
  private first: Promise<Page> | undefined;

  constructor(private readonly fetchPage: (cursor: string | undefined) => Promise<Page>) {}

  private firstPage(): Promise<Page> {
    this.first ??= this.fetchPage(undefined);
    return this.first;
  }

  then<A = Page, B = never>(onFulfilled?: ((page: Page) => A | PromiseLike<A>) | null, onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    return this.firstPage().then(onFulfilled, onRejected);
  }

  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<Page | B> {
    return this.firstPage().catch(onRejected);
  }

  /** Every page, the first one included. */
  async *pages(): AsyncGenerator<Page> {
    let page = await this.firstPage();
    for (;;) {
      yield page;
      if (!page.next_cursor) return;
      page = await this.fetchPage(page.next_cursor);
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
