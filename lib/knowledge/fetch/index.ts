// The SSRF-safe fetcher: every address and redirect checked against the address policy.
// The entry of lib/knowledge/fetch: code outside lib/knowledge imports from here, not from its files.

export { embeddedIpv4, isAllowlisted, isPrivateAddress } from './address-policy';
export { fetchUrl, FetchRefusedError, RedirectRefusedError, USER_AGENT, type FetchedPage } from './fetch-url';
