import type { ApprovalStage } from '@tender/contracts';

const PHASE_NAMES = {
  decision: '立项决策',
  planning: '用地规划',
  construction: '设计施工',
  completion: '竣工验收',
} as const satisfies Record<ApprovalStage['phase'], string>;

const stage = (code: string, name: string, phase: ApprovalStage['phase']): ApprovalStage => ({
  code,
  name,
  phase,
  phaseName: PHASE_NAMES[phase],
});

/**
 * The administrative steps an investment project (审批项目) passes, in the order of the construction process:
 * government-funded projects are approved (项目建议书 → 可行性研究报告 → 初步设计), enterprise projects are
 * ratified (核准) or filed (备案) instead; energy saving and environmental impact are reviewed before works start;
 * land pre-examination and site selection are one step since the 2019 reform (用地预审与选址意见书), followed by
 * the two planning permits, design review, the construction permit and completion acceptance. The codes are part
 * of the API: never renumber or reuse one.
 */
export const APPROVAL_STAGES: readonly ApprovalStage[] = [
  stage('lx', '项目建议书/立项', 'decision'),
  stage('kxx', '可行性研究报告', 'decision'),
  stage('hz', '项目核准', 'decision'),
  stage('ba', '项目备案', 'decision'),
  stage('jn', '节能审查', 'decision'),
  stage('hp', '环境影响评价', 'decision'),
  stage('yd', '用地预审与选址', 'planning'),
  stage('ydgh', '建设用地规划许可', 'planning'),
  stage('gcgh', '建设工程规划许可', 'planning'),
  stage('cbsj', '初步设计', 'construction'),
  stage('sgt', '施工图审查', 'construction'),
  stage('sg', '施工许可', 'construction'),
  stage('jg', '竣工验收', 'completion'),
];
