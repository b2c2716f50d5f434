/**
 * @matka/shared — the contract every package builds on, shared as Module Federation singletons so the
 * shell and every remote use one copy of each part. It comes in entries, so that a page downloads only
 * what it uses:
 * - `@matka/shared` (this file, the core the login page needs): store, route table, runtime config,
 *   the API envelope (callApi) and contract types, what the UI must hold once per page (toasts, clock, network state, unsent rows), the spec's texts and phone helpers;
 * - `@matka/shared/api`: the RTK Query api, its hooks and `attachApi(store)`;
 * - `@matka/shared/domain`: the game rules (also used by the server);
 * - `@matka/shared/contract`: the index of the player API, every call once (also used by the server);
 * - `@matka/shared/ui`: the UI kit (section boundary, family root, dialogs, tiles, headers, rates, notices);
 * - `@matka/shared/bid`: BidEntry, the common bid screen of every market family;
 * - `@matka/shared/standalone`: the frame a remote runs in on its own;
 * - `@matka/shared/html`: the sanitizer of operator HTML (DOMPurify), for the pages that show it.
 * Code in one entry imports another entry by package name, never by relative path.
 */
export * from './domain/messages';
export * from './domain/passwords';
export * from './domain/texts';
export * from './domain/names';
export * from './domain/text';
export * from './domain/rates';
export * from './routes';
export * from './config';
export * from './api/parse';
export * from './api/baseQuery';
export * from './api/contract';
export * from './store';
export * from './ui/toasts';
export * from './ui/clock';
export * from './ui/offline';
export * from './ui/unsent';
export * from './ui/PageLoading';
