// /my/login (spec sections 2 and 5): mobile number, image captcha when init.do asks for one,
// SMS captcha with a 60 s resend countdown; a new number is registered, a known one logged in;
// then back to loginFrom. Inside WeChat, 微信授权登录 as well (docs/wechat.md); a first WeChat
// login comes back here with `wxBind` and the same form binds the verified number to it.
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LIMITS } from '../../config/product.ts';
import { SendFailedNotice } from '../../feedback/SendFailedNotice.tsx';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { formatMobile, isMobile, mobileDigits } from '../../format/mobile.ts';
import { RequestFailure, isSuccess } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { setToken } from '../../session/session.ts';
import { setUiFlag, useUiFlag } from '../../state/uiFlags.ts';
import { Button, Input } from '../../ui/index.ts';
import {
  canAuthorizeWithWechat,
  startWechatAuthorize,
  wechatErrorMessage,
} from '../../wechat/oauth.ts';
import { loginApi, returnPath, type InitResult } from './api.ts';
import { useCountdown } from './useCountdown.ts';
import styles from './LoginPage.module.css';

/** Codes of the SMS call that mean the image captcha must be (re)done. */
const IMAGE_CAPTCHA_CODES = new Set([20004, 20005]);
/** wechatBindExpired: the bind ticket is stale or from another browser. */
const BIND_EXPIRED = 50015;

export default function LoginPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [mobile, setMobile] = useState('');
  const [captcha, setCaptcha] = useState<InitResult | null>(null);
  const [imageCode, setImageCode] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [sending, setSending] = useState(false);
  const [sendFailed, setSendFailed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // Mainland apps must ask: unticked until the shopper ticks it.
  const [agreed, setAgreed] = useState(false);
  const imageValidate = useUiFlag('imageValidate');
  const countdown = useCountdown();
  const query = new URLSearchParams(search);
  /** A first WeChat login: the number verified here is bound to that WeChat. */
  const bindTicket = query.get('wxBind');
  const wxError = query.get('wxError');
  const offerWechat = !bindTicket && canAuthorizeWithWechat();

  useEffect(() => {
    void wechatErrorMessage(wxError).then((message) => message && toast(message));
  }, [wxError]);

  async function refreshCaptcha(): Promise<boolean> {
    const reply = await loginApi.init(mobile);
    if (!isSuccess(reply)) {
      toast(reply.message);
      return false;
    }
    const needed = Boolean(reply.data?.needImgCaptcha && reply.data.image);
    setCaptcha(needed ? reply.data : null);
    setImageCode('');
    setUiFlag('imageValidate', needed);
    return needed;
  }

  async function sendSms() {
    if (!isMobile(mobile)) return toast('请输入正确的手机号');
    if (countdown.left > 0 || sending) return;
    setSending(true);
    setSendFailed(false);
    try {
      if (!imageValidate) {
        if (await refreshCaptcha()) return toast('请输入图形验证码');
      } else if (!imageCode.trim()) {
        return toast('请输入图形验证码');
      }
      const image =
        imageValidate && captcha?.imageKey
          ? { code: imageCode.trim(), key: captcha.imageKey }
          : undefined;
      const reply = await loginApi.sendSms(mobile, image);
      if (isSuccess(reply)) {
        countdown.start(LIMITS.smsResendSeconds);
        setUiFlag('imageValidate', false);
        setCaptcha(null);
        toast('验证码已发送');
        return;
      }
      toast(reply.message);
      if (IMAGE_CAPTCHA_CODES.has(Number(reply.code))) await refreshCaptcha();
    } catch (error) {
      if (error instanceof RequestFailure) setSendFailed(true);
      else throw error;
    } finally {
      setSending(false);
    }
  }

  async function submit() {
    if (!isMobile(mobile)) return toast('请输入正确的手机号');
    if (!/^\d{6}$/.test(smsCode)) return toast('请输入6位短信验证码');
    if (!agreed) return toast('请先阅读并勾选同意《用户服务协议》和《隐私政策》');
    setSubmitting(true);
    try {
      if (bindTicket) {
        const bound = await loginApi.bindWechat(bindTicket, mobile, smsCode);
        if (Number(bound.code) === BIND_EXPIRED) {
          // Back to the plain login page, where 微信授权登录 starts a fresh authorisation.
          toast(bound.message);
          return navigate(paths.login(returnPath(search)), { replace: true });
        }
        if (!isSuccess(bound) || !bound.data?.ut) return toast(bound.message || '绑定失败，请重试');
        setToken(bound.data.ut);
        toast(bound.data.registered ? '绑定成功，已为您注册并登录' : '绑定成功，已登录');
        return navigate(returnPath(search), { replace: true });
      }
      const { reply: check, registered } = await loginApi.isRegistered(mobile);
      if (!isSuccess(check)) return toast(check.message);
      const reply = registered
        ? await loginApi.login(mobile, smsCode)
        : await loginApi.register(mobile, smsCode);
      if (!isSuccess(reply) || !reply.data?.ut) return toast(reply.message || '登录失败，请重试');
      setToken(reply.data.ut);
      toast(registered ? '登录成功' : '注册成功，已为您登录');
      navigate(returnPath(search), { replace: true });
    } catch (error) {
      if (error instanceof RequestFailure) toast(error.message);
      else throw error;
    } finally {
      setSubmitting(false);
    }
  }

  function loginWithWechat() {
    if (!agreed) return toast('请先阅读并勾选同意《用户服务协议》和《隐私政策》');
    // The tapped action (pendingAction) is in this tab's sessionStorage: it survives the trip.
    startWechatAuthorize(returnPath(search));
  }

  const onSend = useDoubleClickGuard(() => void sendSms());
  const onSubmit = useDoubleClickGuard(() => void submit());
  const sendLabel =
    countdown.left > 0 ? `${countdown.left}s后重发` : sending ? '发送中…' : '获取验证码';

  return (
    <main className={styles.page}>
      <header className={styles.hero}>
        <button
          type="button"
          className={styles.back}
          aria-label="返回"
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(paths.home()))}
        >
          ‹
        </button>
        <h1 className={styles.title}>{bindTicket ? '绑定手机号' : '手机号快捷登录'}</h1>
        <p className={styles.subtitle}>
          {bindTicket ? '首次微信登录，验证手机号后完成绑定' : '未注册的手机号验证后将自动注册'}
        </p>
      </header>

      <form
        className={styles.card}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <label className={styles.row}>
          <span className={styles.prefix}>+86</span>
          <Input
            className={styles.input}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="请输入手机号"
            aria-label="手机号"
            value={formatMobile(mobile)}
            onChange={(value) => setMobile(mobileDigits(value))}
            maxLength={12}
            clearable
          />
        </label>

        {imageValidate && captcha?.image && (
          <div className={styles.row}>
            <Input
              className={styles.input}
              placeholder="请输入图形验证码"
              aria-label="图形验证码"
              value={imageCode}
              onChange={setImageCode}
              maxLength={8}
            />
            <button
              type="button"
              className={styles.captchaImage}
              onClick={() => void refreshCaptcha()}
              aria-label="看不清，换一张"
            >
              <img src={captcha.image} alt="图形验证码" width={96} height={36} />
            </button>
          </div>
        )}

        <div className={styles.row}>
          <Input
            className={styles.input}
            type="tel"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="请输入短信验证码"
            aria-label="短信验证码"
            value={smsCode}
            onChange={(value) => setSmsCode(value.replace(/\D/g, '').slice(0, 6))}
            maxLength={6}
          />
          <button
            type="button"
            className={styles.send}
            disabled={countdown.left > 0 || sending}
            onClick={onSend}
          >
            {sendLabel}
          </button>
        </div>

        {sendFailed && (
          <SendFailedNotice message="验证码发送失败，请检查网络后重试" onRetry={onSend} />
        )}

        <Button
          block
          type="submit"
          color="primary"
          shape="rounded"
          size="large"
          className={styles.submit}
          loading={submitting}
          disabled={!isMobile(mobile) || smsCode.length !== 6}
        >
          {bindTicket ? '绑定并登录' : '登录'}
        </Button>
        <label className={styles.terms}>
          <input
            type="checkbox"
            className={styles.agree}
            checked={agreed}
            onChange={(event) => setAgreed(event.target.checked)}
          />
          <span>
            我已阅读并同意
            <Link className={styles.termsLink} to={paths.agreement()}>
              《用户服务协议》
            </Link>
            和
            <Link className={styles.termsLink} to={paths.privacy()}>
              《隐私政策》
            </Link>
          </span>
        </label>
        {offerWechat && (
          <div className={styles.others}>
            <p className={styles.othersTitle}>其他登录方式</p>
            <button type="button" className={styles.wechat} onClick={loginWithWechat}>
              <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
                <path
                  fill="currentColor"
                  d="M9 4C5.1 4 2 6.6 2 9.8c0 1.8 1 3.4 2.6 4.5L4 16.5l2.6-1.3c.8.2 1.6.4 2.4.4h.5a4.9 4.9 0 0 1-.2-1.4c0-3 2.9-5.4 6.6-5.4h.5C15.7 6.1 12.6 4 9 4Zm-2.6 3.2a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8Zm5.3 0a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8ZM16 9.8c-3.3 0-6 2.2-6 4.8s2.7 4.8 6 4.8c.7 0 1.3-.1 2-.3l2.1 1.1-.5-1.9c1.4-.9 2.4-2.2 2.4-3.7 0-2.6-2.7-4.8-6-4.8Zm-2 2.6a.8.8 0 1 1 0 1.6.8.8 0 0 1 0-1.6Zm4 0a.8.8 0 1 1 0 1.6.8.8 0 0 1 0-1.6Z"
                />
              </svg>
              微信授权登录
            </button>
          </div>
        )}
      </form>
    </main>
  );
}
