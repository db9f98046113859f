/** Alert renderers (issue 5, Routing; message-style.md, Alerts): pure, Block Kit out. */
export { caseButtonValue, renderCaseRoot, type AlertRenderOptions, type CaseRootModel } from "./case-root.ts";
export { DEFAULT_MAX_MESSAGES, renderDocketAlert, type DocketAlertModel, type DocketAlertOptions } from "./docket-alert.ts";
export { renderNewCases, type NewCase, type NewCasesModel, type NewCasesOptions } from "./new-cases.ts";
export { DEFAULT_ROUTINE_PATTERNS, routineLine, splitRoutine, type RoutinePattern } from "./routine.ts";
