import { forwardRef, useId, useMemo } from 'react';
import { t, tWord, useLanguage } from '@matka/shared/i18n';
import type { FieldDef } from '@matka/shared/domain';

/**
 * A digit / pana input with a suggestion list (<datalist>) of the valid values that start with what
 * is typed. Only digits can be typed; the field's maxLength comes from the bet type. One digit too many
 * stays in the field and is named (a '12' typed in a single-digit field is not silently made '1').
 */
export const SuggestField = forwardRef<
  HTMLInputElement,
  { field: FieldDef; value: string; onChange: (v: string) => void; disabled?: boolean }
>(function SuggestField({ field, value, onChange, disabled }, ref) {
  useLanguage();
  const id = useId();
  const listId = `${id}-list`;
  const matches = useMemo(
    () => (field.values ? field.values.filter((v) => v.startsWith(value)) : []),
    [field.values, value],
  );
  const tooLong = value.length > field.maxLength;
  const label = tWord(field.label);
  return (
    <div className="bid-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={ref}
        id={id}
        inputMode="numeric"
        autoComplete="off"
        enterKeyHint="next"
        maxLength={field.maxLength + 1}
        aria-invalid={tooLong || undefined}
        aria-describedby={tooLong ? `${id}-long` : undefined}
        placeholder={
          field.values
            ? t('bid.example', 'e.g. {value}', { value: field.values[Math.min(1, field.values.length - 1)] })
            : t('bid.digits', 'Digits')
        }
        list={field.values ? listId : undefined}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, field.maxLength + 1))}
      />
      {tooLong && (
        <p className="bid-field-error" id={`${id}-long`} role="alert">
          {field.maxLength === 1
            ? t('bid.tooLongOne', '{label} is one digit', { label })
            : t('bid.tooLongMany', '{label} has at most {n} digits', { label, n: field.maxLength })}
        </p>
      )}
      {field.values && (
        <datalist id={listId}>
          {matches.map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>
      )}
    </div>
  );
});
