// The development identity provider's authorise page: it looks like what it is (a labelled
// stand-in), says which development openid this browser gets, and offers WeChat's two answers.
export interface DevPageInput {
  allowUrl: string;
  denyUrl: string;
  openid: string;
  scope: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function developmentAuthorizePage(input: DevPageInput): string {
  const scope = input.scope === 'snsapi_userinfo' ? '获取你的昵称、头像' : '获取你的身份标识';
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>开发环境 · 模拟微信授权</title>
<link rel="icon" href="/favicon.svg">
<style>
  body { margin: 0; font: 16px/1.6 system-ui, sans-serif; background: #f2f2f2; color: #1f1f1f; }
  .banner { background: #8a4b00; color: #fff; padding: 10px 16px; font-size: 14px; }
  main { padding: 24px 16px; max-width: 480px; margin: 0 auto; }
  .card { background: #fff; border-radius: 12px; padding: 24px 20px; }
  h1 { font-size: 20px; margin: 0 0 8px; }
  p { margin: 0 0 12px; color: #4a4a4a; }
  code { font-size: 13px; word-break: break-all; }
  a.button { display: block; min-height: 48px; line-height: 48px; text-align: center;
    border-radius: 8px; text-decoration: none; font-size: 17px; margin-top: 12px; }
  .allow { background: #07813d; color: #fff; }
  .deny { background: #fff; color: #1f1f1f; border: 1px solid #c8c8c8; }
</style>
</head>
<body>
<div class="banner" role="note">开发环境：这不是微信。此页面模拟微信网页授权，生产环境不可用。</div>
<main>
  <div class="card">
    <h1>模拟微信授权</h1>
    <p>Morsel 申请${escapeHtml(scope)}。</p>
    <p>本浏览器的开发身份：<code>${escapeHtml(input.openid)}</code></p>
    <a class="button allow" href="${escapeHtml(input.allowUrl)}">允许</a>
    <a class="button deny" href="${escapeHtml(input.denyUrl)}">拒绝</a>
  </div>
</main>
</body>
</html>
`;
}
