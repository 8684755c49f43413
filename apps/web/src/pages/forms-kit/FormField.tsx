// One labelled row of a form with its problem under it (the forms with an operator side:
// outlet declaration, join us, sign-up). The control inside names itself (aria-label) and points
// at the problem with aria-describedby=`${prefix}-${field}-error`.
import type { ReactNode } from 'react';
import styles from './forms.module.css';

export function FormField({
  label,
  field,
  error,
  children,
  tall = false,
  prefix = 'fullshop',
}: {
  label: string;
  field: string;
  error?: string;
  children: ReactNode;
  tall?: boolean;
  prefix?: string;
}) {
  return (
    <div className={styles.fieldBlock}>
      <div className={tall ? `${styles.field} ${styles.fieldTall}` : styles.field}>
        <span id={`${prefix}-${field}-label`} className={styles.label}>
          {label}
        </span>
        {children}
      </div>
      {error && (
        <p id={`${prefix}-${field}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Props that mark a control invalid and tie it to its problem. */
export function invalidProps(prefix: string, field: string, error: string | undefined) {
  return error
    ? { 'aria-invalid': true as const, 'aria-describedby': `${prefix}-${field}-error` }
    : {};
}

/** One choice of a few, as tappable chips (budget, category, party size). */
export function ChoiceChips({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className={styles.chips} role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === value}
          className={option === value ? styles.chipActive : styles.chip}
          onClick={() => onChange(option)}
        >
          {option}
        </button>
      ))}
    </div>
  );
}
