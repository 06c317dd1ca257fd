import { type ComponentProps, type ReactNode, useId } from 'react';
import { Field, FieldError } from '@/components/ui/field';
import { Input, inputStyles } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Textarea } from '@/components/ui/textarea';

/** What every field of the kit shows around its control; the rest goes onto the control. */
type FieldFrame = {
  label: ReactNode;
  /** A line under the control that helps fill it in. */
  hint?: ReactNode;
  /** The validation message: the control is marked invalid and described by it. */
  error?: string;
  /** The field's box (its spacing in the form); `className` styles the control. */
  fieldClassName?: string;
};

type WiredProps = 'id' | 'aria-invalid' | 'aria-describedby';

type TextFieldProps = FieldFrame & Omit<ComponentProps<'input'>, WiredProps>;

/** A labelled one-line text field (e-mail, name, phone, date). */
export function TextField({ label, hint, error, fieldClassName, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={fieldClassName}>
      {(control) => <Input {...control} {...input} />}
    </Field>
  );
}

type NumberFieldProps = FieldFrame &
  Omit<ComponentProps<'input'>, WiredProps | 'type' | 'step'> & {
    /** 1 for whole numbers (a numeric keypad); 0.5 or 0.01 for a decimal keypad. */
    step: number;
  };

/** A labelled number field, 0 or more unless told, with the keypad its steps need. */
export function NumberField({ step, min = 0, ...props }: NumberFieldProps) {
  return (
    <TextField
      type="number"
      inputMode={Number.isInteger(step) ? 'numeric' : 'decimal'}
      min={min}
      step={step}
      {...props}
    />
  );
}

type PasswordFieldProps = FieldFrame & Omit<ComponentProps<typeof PasswordInput>, WiredProps>;

/** A labelled password field whose typing can be shown. */
export function PasswordField({
  label,
  hint,
  error,
  fieldClassName,
  ...input
}: PasswordFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={fieldClassName}>
      {(control) => <PasswordInput {...control} {...input} />}
    </Field>
  );
}

type SelectFieldProps = FieldFrame & Omit<ComponentProps<'select'>, WiredProps>;

/** A labelled drop-down list with the text fields' look; `children` are its options. */
export function SelectField({
  label,
  hint,
  error,
  fieldClassName,
  className,
  ...select
}: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={fieldClassName}>
      {(control) => <select {...control} className={inputStyles(className)} {...select} />}
    </Field>
  );
}

type TextareaFieldProps = FieldFrame &
  Omit<ComponentProps<'textarea'>, WiredProps | 'value'> & {
    value?: string;
    /**
     * Counts what was typed, shown as the hint ('120 of 1,000 characters'): needs the field's
     * `value`.
     */
    counter?: (length: number) => ReactNode;
  };

/** A labelled multi-line text field, with a count of its characters when told. */
export function TextareaField({
  label,
  hint,
  error,
  fieldClassName,
  counter,
  ...textarea
}: TextareaFieldProps) {
  const counted = counter && textarea.value !== undefined ? counter(textarea.value.length) : hint;
  return (
    <Field label={label} hint={counted} error={error} className={fieldClassName}>
      {(control) => <Textarea {...control} {...textarea} />}
    </Field>
  );
}

type ChoiceProps = Omit<ComponentProps<'input'>, 'type' | 'children' | 'className'> & {
  type: 'radio' | 'checkbox';
  /** What the choice is: the control's own label. */
  children: ReactNode;
  /** The label's box, in place of the usual row; the control keeps its own look. */
  className?: string;
  /** The words before the control, as in a list of settings switched on and off. */
  labelFirst?: boolean;
};

/** One radio button or checkbox with its label, tall enough for a thumb. */
export function Choice({ children, className, labelFirst = false, ...input }: ChoiceProps) {
  return (
    <label
      className={className ?? 'flex min-h-11 cursor-pointer items-center gap-3 text-stone-800'}
    >
      {labelFirst && children}
      <input {...input} className="size-5 shrink-0 cursor-pointer accent-teal-700" />
      {!labelFirst && children}
    </label>
  );
}

type RadioGroupProps<Option extends string> = {
  legend: ReactNode;
  name: string;
  options: readonly Option[];
  /** What each option is called. */
  labels: Record<Option, string>;
  /** The option chosen, if any yet. */
  value: Option | null;
  onChange: (option: Option) => void;
  /** The validation message: every option is marked invalid and described by it. */
  error?: string;
  disabled?: boolean;
  /** The looks of the group's box, its legend, the row of options and each option. */
  className?: string;
  legendClassName?: string;
  optionsClassName?: string;
  optionClassName?: string;
};

/** One choice among a few, named by its legend, its message wired to every option. */
export function RadioGroup<Option extends string>({
  legend,
  name,
  options,
  labels,
  value,
  onChange,
  error,
  disabled,
  className,
  legendClassName = 'text-sm font-semibold text-stone-800',
  optionsClassName = 'mt-1.5 flex flex-col',
  optionClassName,
}: RadioGroupProps<Option>) {
  const errorId = useId();
  const describedBy = error ? errorId : undefined;
  return (
    <fieldset className={className} aria-describedby={describedBy}>
      <legend className={legendClassName}>{legend}</legend>
      <div className={optionsClassName}>
        {options.map((option) => (
          <Choice
            key={option}
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={optionClassName}
          >
            {labels[option]}
          </Choice>
        ))}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
