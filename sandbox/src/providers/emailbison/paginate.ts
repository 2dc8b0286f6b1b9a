/** Laravel's length-aware paginator as EmailBison returns it: {data, links, meta}, 15 a page. */
export function paginate<T>(items: T[], pageRaw: string | undefined, path: string, perPage = 15) {
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const requested = Number(pageRaw ?? '1');
  const current = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const data = items.slice((current - 1) * perPage, current * perPage);
  const url = (page: number) => `${path}?page=${page}`;
  const from = data.length > 0 ? (current - 1) * perPage + 1 : null;
  const to = data.length > 0 ? (current - 1) * perPage + data.length : null;
  return {
    data,
    links: {
      first: url(1),
      last: url(lastPage),
      prev: current > 1 ? url(Math.min(current - 1, lastPage)) : null,
      next: current < lastPage ? url(current + 1) : null,
    },
    meta: {
      current_page: current,
      from,
      last_page: lastPage,
      links: [
        { url: current > 1 ? url(current - 1) : null, label: '&laquo; Previous', active: false },
        ...Array.from({ length: lastPage }, (_, index) => ({
          url: url(index + 1),
          label: String(index + 1),
          active: index + 1 === current,
        })),
        { url: current < lastPage ? url(current + 1) : null, label: 'Next &raquo;', active: false },
      ],
      path,
      per_page: perPage,
      to,
      total,
    },
  };
}
