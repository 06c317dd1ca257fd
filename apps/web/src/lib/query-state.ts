/** The element of a server-rendered page that holds the data it was rendered with. */
export const QUERY_STATE_ELEMENT_ID = 'keyhaven-query-state';
