// The shop photos of the form: the photos so far as square thumbnails (each with 删除), and an
// add tile while there is room. Picked files upload one after another; a refused one (type,
// size, the day's quota) says why and the others still go.
import { useRef, useState } from 'react';
import { toast } from '../../feedback/toast.ts';
import { isSuccess, LoginInvalid } from '../../request/types.ts';
import { Spinner } from '../../ui/index.ts';
import { thumbnail, type Photo } from './api.ts';
import { PhotoRefused, uploadPhoto } from './photoUpload.ts';
import styles from '../forms-kit/forms.module.css';

export interface PhotoFieldProps {
  photos: Photo[];
  max: number;
  onChange: (update: (photos: Photo[]) => Photo[]) => void;
  invalid: boolean;
}

export function PhotoField({ photos, max, onChange, invalid }: PhotoFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);

  const add = async (files: File[]) => {
    const room = max - photos.length;
    if (files.length > room) toast(`最多上传${max}张，已选前${room}张`);
    const chosen = files.slice(0, Math.max(0, room));
    setUploading(chosen.length);
    for (const file of chosen) {
      try {
        const reply = await uploadPhoto(file);
        if (isSuccess(reply))
          onChange((list) => [...list, { name: reply.data.name, url: reply.data.url }]);
        else toast(reply.message);
      } catch (error) {
        if (error instanceof LoginInvalid) return;
        toast(error instanceof PhotoRefused ? error.message : '上传失败，请稍后再试');
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  return (
    <div
      className={styles.photos}
      role="group"
      aria-label="门店照片"
      aria-invalid={invalid || undefined}
    >
      {photos.map((photo, index) => (
        <div key={photo.name} className={styles.photo}>
          <img src={thumbnail(photo)} alt={`门店照片${index + 1}`} />
          <button
            type="button"
            className={styles.photoRemove}
            aria-label={`删除门店照片${index + 1}`}
            onClick={() => onChange((list) => list.filter((p) => p.name !== photo.name))}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
      {Array.from({ length: uploading }, (_, i) => (
        <div
          key={`uploading-${i}`}
          className={styles.photoPending}
          role="status"
          aria-label="照片上传中"
        >
          <Spinner color="primary" size={24} />
        </div>
      ))}
      {photos.length + uploading < max && (
        <button type="button" className={styles.photoAdd} onClick={() => input.current?.click()}>
          <span aria-hidden="true">+</span>
          添加照片
        </button>
      )}
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        hidden
        aria-label="选择门店照片"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          void add(files);
        }}
      />
    </div>
  );
}
