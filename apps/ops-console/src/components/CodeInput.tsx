import type { ComponentProps } from 'react';
import { oneTimeCode } from '@lendview/kit';
import { TextInput } from '@lendview/ui';

type Props = Omit<ComponentProps<typeof TextInput>, 'value' | 'onChange'> & { value: string; onChange: (code: string) => void };

/**
 * The authenticator's 6-digit code: digits only (a pasted "123 456" too), at most six; the phone offers it. The rest
 * of the props reach the input, so a Field wires its label, hint and error to it as to a TextInput.
 */
export function CodeInput({ value, onChange, ...rest }: Props) {
  return (
    <TextInput
      {...rest}
      value={value}
      inputMode="numeric"
      autoComplete="one-time-code"
      onChange={(e) => onChange(oneTimeCode(e.target.value))}
    />
  );
}
