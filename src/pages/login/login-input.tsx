/**
 * A native input styled like antd's large Input (CSS variables from the theme). antd's
 * Input pulls its Form context, rc-field-form and async-validator (~30 KB gzip) into the
 * login route; this keeps the route within its budget.
 */
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';

/** Props of the login input. */
export interface LoginInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  prefix?: ReactNode;
  invalid?: boolean;
  /** A password field with a show / hide toggle. */
  secret?: boolean;
  toggleLabel?: string;
}

/** The login input. */
export function LoginInput({ prefix, invalid, secret, toggleLabel, className, ...rest }: LoginInputProps) {
  const [shown, setShown] = useState(false);
  return (
    <span className={`fc-login-input${invalid ? ' is-error' : ''}${className ? ` ${className}` : ''}`}>
      {prefix ? <span className="fc-login-input-prefix">{prefix}</span> : null}
      <input {...rest} type={secret ? (shown ? 'text' : 'password') : (rest.type ?? 'text')} aria-invalid={invalid || undefined} />
      {secret ? (
        <button type="button" className="fc-login-input-toggle" aria-label={toggleLabel} onClick={() => setShown(!shown)} tabIndex={-1}>
          {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        </button>
      ) : null}
    </span>
  );
}
