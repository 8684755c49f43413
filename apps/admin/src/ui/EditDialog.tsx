// The one shape every change in the console takes: a button opens a dialog with a form filled
// from what the page shows; saving sends one call, shows the server's message if it refuses
// (the server names every wrong field in Chinese), and on success closes the dialog and reloads
// the page. A call whose answer must be shown (issued codes) keeps the dialog open on it.
import { useState, type ReactNode } from 'react';
import { Button, Form, Modal, message, type ButtonProps } from 'antd';

export interface EditDialogProps<Values, Result> {
  /** The button's text. */
  label: string;
  title: string;
  /** The form's values when the dialog opens. */
  initialValues: () => Partial<Values>;
  /** The form's fields (antd Form.Items). */
  children: ReactNode;
  /** One call to the admin API with the form's values. */
  save(values: Values): Promise<Result>;
  /** Shown when the call succeeds. */
  successText: string | ((result: Result) => string);
  /** Reload what the page shows. */
  onSaved(): void;
  /** After a success has closed the dialog (open what the call made). */
  onDone?(result: Result): void;
  /** An answer to show in the dialog instead of closing it (issued codes). */
  renderResult?: (result: Result) => ReactNode;
  okText?: string;
  width?: number;
  buttonProps?: ButtonProps;
}

export function EditDialog<Values, Result = unknown>({
  label,
  title,
  initialValues,
  children,
  save,
  successText,
  onSaved,
  onDone,
  renderResult,
  okText = '保存',
  width = 560,
  buttonProps = { size: 'small' },
}: EditDialogProps<Values, Result>) {
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ value: Result }>();
  const [form] = Form.useForm<Values>();
  const close = () => {
    setOpen(false);
    setResult(undefined);
  };
  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const value = await save(values);
      message.success(typeof successText === 'function' ? successText(value) : successText);
      onSaved();
      if (renderResult) setResult({ value });
      else {
        close();
        onDone?.(value);
      }
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button {...buttonProps} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal
        title={title}
        open={open}
        width={width}
        okText={result ? '完成' : okText}
        cancelText="取消"
        confirmLoading={saving}
        onOk={() => (result ? close() : form.submit())}
        onCancel={close}
        destroyOnHidden
      >
        {result && renderResult ? (
          renderResult(result.value)
        ) : (
          <Form<Values>
            form={form}
            layout="vertical"
            onFinish={submit}
            initialValues={initialValues()}
            preserve={false}
          >
            {children}
          </Form>
        )}
      </Modal>
    </>
  );
}
