// Shared UI for the dashboard (apps/web) and the reports: design tokens and
// React components. Import "@ems/ui/styles.css" once in the root layout.
export { SEVERITIES, SEVERITY_COLORS, type Severity } from "./tokens.ts";

export { Button, buttonClassName, type ButtonProps, type ButtonVariant, type ButtonSize } from "./Button.tsx";
export { Card, type CardProps } from "./Card.tsx";
export { PageHeader, type PageHeaderProps } from "./PageHeader.tsx";
export { Field, type FieldProps, type FieldControlProps } from "./Field.tsx";
export { EmptyState, type EmptyStateProps } from "./EmptyState.tsx";
export { SeverityBadge, severityLabel, type SeverityBadgeProps } from "./SeverityBadge.tsx";
export { StatusPill, type StatusPillProps, type StatusTone } from "./StatusPill.tsx";
export { DataTable, type DataTableProps, type DataTableColumn } from "./DataTable.tsx";
export {
  pageInfo,
  rangeText,
  nextSort,
  formatCount,
  type DataTableSort,
  type SortDir,
  type PageInfo,
} from "./paging.ts";
export { ConfirmDialog, type ConfirmDialogProps } from "./ConfirmDialog.tsx";
export { canConfirm } from "./confirm.ts";
export {
  ToastProvider,
  useToast,
  type ToastApi,
  type ToastKind,
  type ToastOptions,
  type ToastProviderProps,
} from "./Toast.tsx";
export { BarChart, barLength, type BarChartProps, type ChartDatum } from "./BarChart.tsx";
export { DonutChart, donutSegments, type DonutChartProps, type DonutSegment } from "./DonutChart.tsx";
