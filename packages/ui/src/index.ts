// Shared mobile UI. Styles: import '@lendview/ui/styles.css' once (the shell, or a remote's dev entry).
export { toast, TOAST_DURATIONS, type Toast, type ToastItem, type ToastOptions, type ToastType } from './toast.ts';
export { ToastHost } from './ToastHost.tsx';
export { Modal, type ModalProps } from './Modal.tsx';
export { StarRating, type StarRatingProps } from './StarRating.tsx';
export { CountdownButton, type CountdownButtonProps } from './CountdownButton.tsx';
export { useCountdown, type Countdown } from './use-countdown.ts';
export { Button, buttonClassName, type ButtonProps, type ButtonVariant } from './Button.tsx';
export { Page, type PageProps } from './Page.tsx';
export { Card, type CardProps } from './Card.tsx';
export { Field, type FieldProps } from './Field.tsx';
export { TextInput, type TextInputProps } from './TextInput.tsx';
export { TextArea, type TextAreaProps } from './TextArea.tsx';
export { Spinner, type SpinnerProps } from './Spinner.tsx';
export { EmptyState, type EmptyStateProps } from './EmptyState.tsx';
export { ErrorPanel, type ErrorPanelProps } from './ErrorPanel.tsx';
export { Tabs, type TabItem, type TabsProps } from './Tabs.tsx';
export { Skeleton, type SkeletonProps } from './Skeleton.tsx';
export { DetailRows, type DetailRow, type DetailRowsProps } from './DetailRows.tsx';
export { PageFallback, type PageFallbackProps } from './PageFallback.tsx';
export { AlertIcon } from './icons/AlertIcon.tsx';
export { CheckCircleIcon } from './icons/CheckCircleIcon.tsx';
export { CheckIcon } from './icons/CheckIcon.tsx';
export { CheckMarkIcon } from './icons/CheckMarkIcon.tsx';
export { ChevronDownIcon } from './icons/ChevronDownIcon.tsx';
export { ChevronRightIcon } from './icons/ChevronRightIcon.tsx';
export { CloseIcon } from './icons/CloseIcon.tsx';
export { StarIcon } from './icons/StarIcon.tsx';
export type { IconProps } from './icons/icon-props.ts';
export { useQueryParam } from './use-query-param.ts';
export {
  AppProviders,
  connectApp,
  createQueryClient,
  getQueryClient,
  HYDRATED_FRESH_MS,
  markHydrated,
  forgetHydrated,
  setPageQueryClient,
  type AppProvidersProps,
} from './AppProviders.tsx';
export { cx } from './cx.ts';
export { fullyHydrated, liveOnceHydrated, HYDRATION_WAIT_MS } from './hydration.ts';
