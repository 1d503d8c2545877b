// Shared mobile UI. Styles: import '@lendview/ui/styles.css' once (the shell, or a remote's dev entry).
export { toast, TOAST_DURATIONS, type Toast, type ToastItem, type ToastOptions, type ToastType } from './toast.ts';
export { ToastHost } from './ToastHost.tsx';
export { Modal, type ModalProps } from './Modal.tsx';
export { StarRating, type StarRatingProps } from './StarRating.tsx';
export { CountdownButton, useCountdown, type Countdown, type CountdownButtonProps } from './countdown.tsx';
export { Button, buttonClassName, type ButtonProps, type ButtonVariant } from './Button.tsx';
export {
  Page,
  Card,
  Field,
  TextInput,
  TextArea,
  Spinner,
  EmptyState,
  ErrorPanel,
  Tabs,
  type PageProps,
  type CardProps,
  type FieldProps,
  type TextInputProps,
  type TextAreaProps,
  type SpinnerProps,
  type EmptyStateProps,
  type ErrorPanelProps,
  type TabItem,
  type TabsProps,
} from './layout.tsx';
export { AppProviders, connectApp, createQueryClient, getQueryClient, type AppProvidersProps } from './AppProviders.tsx';
export { cx } from './cx.ts';
