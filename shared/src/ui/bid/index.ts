export { BidEntry, type BidEntryProps } from './BidEntry';
export { BidScreen } from './BidScreen';
export { ConfirmBidDialog } from './ConfirmBidDialog';
export { CHOOSE_MARKET_PATH, CHOOSE_MARKET_TEXT, readBidNavState, useBidNavState, type BidNavState } from './navState';
export { newRequestId } from './requestId';
export { NoMarketChosen } from './NoMarketChosen';
