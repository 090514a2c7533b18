// The field extractor (issue 5 "Tender data"): raw notice text or HTML in, typed fields out. See README.md.
export { parseAmount, parseUppercaseAmount } from './amount';
export { extractFields } from './extract-fields';
export { isMasked } from './masking';
export type {
  AmountUnit,
  AnnouncementTypeCode,
  ApprovalStageCode,
  ChinaDateTime,
  ContactRole,
  ExtractedAmount,
  ExtractedApproval,
  ExtractedContact,
  ExtractedDeadlines,
  ExtractedFields,
  ExtractedPhone,
  ExtractedRegion,
  ExtractedWinner,
  ExtractOptions,
  ProcurementMethodCode,
} from './types';
