import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-field';

interface Props {
  newLabel: string;
  repeatLabel: string;
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
  minLength: number;
  /** The checklist's id, which the new password's field is described by. */
  checklistId: string;
}

/** A new password and its repetition, with the live checklist of the rules (spec section 5) below them. */
export function NewPasswordFields(props: Props) {
  const { password, repeat, checklistId } = props;
  return (
    <>
      <PasswordField
        label={props.newLabel}
        name="newPassword"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => props.onPassword(e.currentTarget.value)}
        aria-describedby={checklistId}
      />
      <PasswordField
        label={props.repeatLabel}
        name="newPasswordRepeat"
        autoComplete="new-password"
        required
        value={repeat}
        onChange={(e) => props.onRepeat(e.currentTarget.value)}
      />
      <div id={checklistId}>
        <PasswordChecklist password={password} repeat={repeat} minLength={props.minLength} />
      </div>
    </>
  );
}
