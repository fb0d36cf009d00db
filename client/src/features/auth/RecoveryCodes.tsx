import { useId, useRef, useState } from 'react';
import { recoveryCodesFile } from '../../lib/secret';
import { useLanguage } from '../../i18n';
import { Alert, Button } from '../../ui';

/**
 * The ten recovery codes, shown once: copy, download, and an explicit "I have saved them" before going on,
 * because they cannot be shown again (only replaced).
 */
export function RecoveryCodes({
  codes,
  email,
  onDone,
  doneLabel,
}: {
  codes: readonly string[];
  email: string | null;
  onDone(): void;
  doneLabel?: string;
}) {
  const [saved, setSaved] = useState(false);
  const { t } = useLanguage();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const checkboxId = useId();
  const listRef = useRef<HTMLUListElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('yes');
    } catch {
      // No clipboard (http, or refused): select the codes so the user can copy them by hand.
      const range = document.createRange();
      if (listRef.current) range.selectNodeContents(listRef.current);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      setCopied('failed');
    }
  }

  function download() {
    const blob = new Blob([recoveryCodesFile(codes, email, new Date())], { type: 'text/plain;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'hullvis-gjenopprettingskoder.txt';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <div>
      <Alert tone="warning">
        <p>
          <strong>{t('recoveryCodes.saveNow')}</strong> {t('recoveryCodes.why')}
        </p>
      </Alert>
      <ul className="codes" ref={listRef} aria-label={t('recoveryCodes.listLabel')} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="row" style={{ marginBottom: '1rem' }}>
        <Button variant="secondary" size="small" onClick={copy}>
          {t('recoveryCodes.copy')}
        </Button>
        <Button variant="secondary" size="small" onClick={download}>
          {t('recoveryCodes.download')}
        </Button>
        <span role="status" className="small">
          {copied === 'yes' ? t('recoveryCodes.copied') : copied === 'failed' ? t('recoveryCodes.copyFailed') : ''}
        </span>
      </div>
      <div className="checkbox">
        <input id={checkboxId} type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} />
        <label htmlFor={checkboxId}>{t('recoveryCodes.saved')}</label>
      </div>
      <Button block disabled={!saved} reason={t('recoveryCodes.tickFirst')} onClick={onDone}>
        {doneLabel ?? t('recoveryCodes.continue')}
      </Button>
    </div>
  );
}
