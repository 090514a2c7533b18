import type { Category, ConstructionKind, MethodCode } from './categories';
import type { Organisation } from './organisations';

/** One lot of a procurement, with its winner once decided. */
export interface PlannedLot {
  /** 包1 / 标段1; '' when the project has one lot. */
  label: string;
  name: string;
  requirement: string;
  budgetFen: number;
  budgetRaw: string;
  winner: Organisation;
  bidFen: number;
  bidRaw: string;
}

/** A notice that changes a tender: 更正 / 变更 / 终止. */
export interface PlannedChange {
  day: number;
  kind: 'correction' | 'change' | 'termination';
  /** The new deadline day when the change postpones it. */
  postponedTo: number | null;
  /** 更正内容 or the reason for termination. */
  content: string;
}

/** Everything one procurement's notices say, decided when the project starts. */
export interface ProcurementPlan {
  kind: 'procurement';
  index: number;
  key: string;
  category: Category;
  method: MethodCode;
  purchaser: Organisation;
  /** The agency running it; null when the purchaser runs it itself. */
  agency: Organisation | null;
  projectName: string;
  projectCode: string;
  lots: PlannedLot[];
  budgetFen: number;
  budgetRaw: string;
  term: string;
  /** Where documents are obtained and bids submitted. */
  platform: string;
  openingPlace: string;
  sourceName: string;
  intentionDay: number | null;
  forecastDay: number | null;
  tenderDay: number;
  documentsFromDay: number;
  documentsUntilDay: number;
  deadlineDay: number;
  deadlineTime: string;
  change: PlannedChange | null;
  /** The result notice: award (中标), deal (成交) or failed (废标/流标). */
  result: { day: number; kind: 'award' | 'deal' | 'failed' } | null;
  experts: string[];
  smallBusinessOnly: boolean;
}

/** One step of an investment project's approval (审批项目). */
export interface PlannedApproval {
  day: number;
  stage: string;
  authority: string;
  documentNumber: string;
  result: string;
}

/** An investment project: its 拟建 record, its approvals, and perhaps the construction tender that follows. */
export interface ConstructionPlan {
  kind: 'construction';
  index: number;
  key: string;
  construction: ConstructionKind;
  owner: Organisation;
  projectName: string;
  approvalCode: string;
  totalInvestmentFen: number;
  totalInvestmentRaw: string;
  scale: string;
  site: string;
  fundSource: string;
  plannedStartDay: number;
  plannedEndDay: number;
  sourceName: string;
  /** The 拟建 record, published when the project becomes known. */
  proposedDay: number | null;
  /** The furthest stage reached when the 拟建 record is published. */
  proposedStage: string;
  approvals: PlannedApproval[];
  tender: ProcurementPlan | null;
}

export type ProjectPlan = ProcurementPlan | ConstructionPlan;

/** What a step publishes. */
export type StepKind = 'yx' | 'yg' | 'zb' | 'bg' | 'jg' | 'nj' | `sp${number}`;

export interface PlannedStep {
  day: number;
  kind: StepKind;
}
