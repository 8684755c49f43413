// A prize's picture in the prize dialog: a preview, the address as text, an upload (the server
// checks the bytes and keeps a PNG of at most 480 px, 61080-61083 shown as it says them) and the
// built-in pictures to pick from. A form field: `value` is the address the prize keeps.
import { useState } from 'react';
import { Button, Image, Input, Select, Space, Upload, message } from 'antd';
import { api, request, uploadPrizeImage } from '../../api.ts';
import { useLoad } from '../../ui/use-load.ts';

/** What the upload field accepts; the server decides by the bytes, this only filters the picker. */
const ACCEPT = 'image/jpeg,image/png,image/webp';

export function PrizeImageField({
  value = '',
  onChange,
}: {
  value?: string;
  onChange?(value: string): void;
}) {
  const assets = useLoad(() => request(api.call('admin.prizeAssets')), []);
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File) => {
    setUploading(true);
    try {
      const stored = await uploadPrizeImage(file);
      onChange?.(stored.url);
      message.success(`图片已上传（${stored.width}×${stored.height}）`);
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setUploading(false);
    }
  };
  return (
    <Space align="start" size="middle">
      <div
        style={{ width: 96, height: 96, border: '1px solid #f0f0f0', borderRadius: 8 }}
        data-testid="prize-image-preview"
      >
        {value ? (
          <Image
            src={value}
            alt="奖品图片预览"
            width={94}
            height={94}
            style={{ objectFit: 'contain' }}
          />
        ) : (
          <span style={{ display: 'block', padding: 30, color: '#999' }}>无图片</span>
        )}
      </div>
      <Space orientation="vertical" style={{ width: 400 }}>
        <Input
          aria-label="图片地址"
          value={value}
          maxLength={512}
          placeholder="上传或选择内置图片，也可填写图片地址"
          onChange={(event) => onChange?.(event.target.value)}
        />
        <Space>
          <Upload
            accept={ACCEPT}
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button loading={uploading}>上传图片</Button>
          </Upload>
          <Select
            aria-label="内置图片"
            placeholder="选择内置图片"
            style={{ width: 220 }}
            loading={assets.loading}
            value={assets.data?.find((a) => a.png === value)?.png ?? null}
            onChange={(png: string) => onChange?.(png)}
            showSearch={{ optionFilterProp: 'title' }}
            options={assets.data?.map((a) => ({
              value: a.png,
              title: a.name,
              label: (
                <Space>
                  <img src={a.png} alt="" width={24} height={24} />
                  {a.name}
                </Space>
              ),
            }))}
          />
        </Space>
        <span style={{ color: '#999' }}>支持 JPG、PNG、WebP，不超过 5MB；保存奖品后生效。</span>
      </Space>
    </Space>
  );
}
