// Shared UI for the dashboard (apps/web) and the reports: shadcn-style components on Radix primitives and
// Tailwind CSS. The app imports "@ems/ui/theme.css" after "tailwindcss" and @source's this folder.
export { SEVERITIES, SEVERITY_COLORS, type Severity } from "./tokens.ts";
export { cn } from "./lib/utils.ts";

export { Button, buttonVariants, type ButtonProps, type ButtonVariant, type ButtonSize } from "./components/button.tsx";
export {
  Card,
  CardRoot,
  CardHeader,
  CardTitle,
  CardDescription,
  CardContent,
  CardFooter,
  type CardProps,
} from "./components/card.tsx";
export {
  Badge,
  badgeVariants,
  SeverityBadge,
  severityLabel,
  ConfidenceBadge,
  type ConfidenceBadgeProps,
  CONFIDENCE_MEANING,
  type Confidence,
  StatusPill,
  type BadgeProps,
  type SeverityBadgeProps,
  type StatusPillProps,
  type StatusTone,
} from "./components/badge.tsx";
export { Input, Textarea, NativeSelect, inputClass } from "./components/input.tsx";
export { Label } from "./components/label.tsx";
export { Checkbox } from "./components/checkbox.tsx";
export { Select, SelectGroup, SelectValue, SelectTrigger, SelectContent, SelectItem } from "./components/select.tsx";
export {
  Dialog,
  DialogTrigger,
  DialogClose,
  DialogContent,
  DialogHeader,
  DialogFooter,
  DialogTitle,
  DialogDescription,
} from "./components/dialog.tsx";
export {
  AlertDialog,
  AlertDialogTrigger,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTitle,
  AlertDialogDescription,
} from "./components/alert-dialog.tsx";
export { ConfirmDialog, type ConfirmDialogProps } from "./components/confirm-dialog.tsx";
export { canConfirm } from "./confirm.ts";
export {
  DropdownMenu,
  DropdownMenuTrigger,
  DropdownMenuGroup,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuCheckboxItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from "./components/dropdown-menu.tsx";
export { ChoiceMenu, type Choice, type ChoiceMenuProps } from "./components/choice-menu.tsx";
export { deferred, inertTrigger } from "./lib/deferred.tsx";
export { FilterSheet, type FilterSheetProps } from "./components/filter-sheet.tsx";
export { Sheet, SheetTrigger, SheetClose, SheetTitle, SheetDescription, SheetContent } from "./components/sheet.tsx";
export { Tabs, TabsList, TabsTrigger, TabsContent } from "./components/tabs.tsx";
export { Tooltip, TooltipProvider, TooltipTrigger, TooltipContent } from "./components/tooltip.tsx";
export { Table, TableHeader, TableBody, TableRow, TableHead, TableCell } from "./components/table.tsx";
export { Skeleton } from "./components/skeleton.tsx";
export { Separator } from "./components/separator.tsx";
export { Toaster, toast } from "./components/sonner.tsx";
export {
  Form,
  FormField,
  FormItem,
  FormLabel,
  FormControl,
  FormDescription,
  FormMessage,
  useFormField,
} from "./components/form.tsx";
export { Field, type FieldProps, type FieldControlProps } from "./components/field.tsx";
export { PageHeader, type PageHeaderProps } from "./components/page-header.tsx";
export { EmptyState, type EmptyStateProps } from "./components/empty-state.tsx";
export { RelativeTime, type RelativeTimeProps } from "./components/relative-time.tsx";
export { relativeTime } from "./time.ts";
export { plural } from "./plural.ts";
export { useMediaQuery, usePhone, PHONE_QUERY } from "./lib/media-query.ts";
export { CopyButton, type CopyButtonProps } from "./components/copy-button.tsx";
export {
  DataTable,
  type DataTableProps,
  type DataTableColumn,
  type RowSelectionState,
} from "./components/data-table.tsx";
export {
  pageInfo,
  rangeText,
  nextSort,
  formatCount,
  type DataTableSort,
  type SortDir,
  type PageInfo,
} from "./paging.ts";
// The charts (Recharts, ~100 kB gzipped) are only at "@ems/ui/charts", so that no page loads them by accident.
