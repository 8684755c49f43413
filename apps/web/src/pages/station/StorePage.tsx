// /activity/singleStoreAndCode?id= "门店专属码": one store and its exclusive code. The code opens
// the app download page attributed to the store (`storeCode`), so a shopper who scans it at the
// till is counted to that store. Without an id, or for an unknown or closed store: not found.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { qrDataUrl } from '../campaign-kit/qr.ts';
import { Failed, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { navigationUrl } from './format.ts';
import styles from './station.module.css';

const STORE_ID = /^[A-Za-z0-9_-]{1,32}$/;
const ALL_STORES = { label: '查看附近门店', to: paths.stations() };

function StoreCode({ path, name }: { path: string; name: string }) {
  const [src, setSrc] = useState('');
  useEffect(() => {
    void qrDataUrl(new URL(path, location.origin).href).then(setSrc);
  }, [path]);
  if (!src) return <div className={styles.codeSkeleton} role="status" aria-label="二维码生成中" />;
  return <img src={src} alt={`${name}门店专属码`} width={220} height={220} />;
}

export default function StorePage() {
  const id = new URLSearchParams(useLocation().search).get('id') ?? '';
  const valid = STORE_ID.test(id);
  const { remote, retry } = useRemote(
    () => (valid ? api.call('station.store', { id }) : Promise.reject(new Error('no store'))), // not asked: the not-found state below
    [id],
  );
  if (!valid) return <Failed message="门店不存在或已停业" exit={ALL_STORES} />;
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return <RemoteFailed failure={remote} retry={retry} exit={ALL_STORES} />;
  const { store, codePath, codeHint } = remote.data;
  return (
    <main className={styles.page}>
      <section className={styles.followCard}>
        <h1 className={styles.followName}>{store.name}</h1>
        <p className={styles.storeCodeText}>门店编号 {store.code}</p>
        <figure className={styles.followCode}>
          <StoreCode path={codePath} name={store.name} />
          <figcaption>{codeHint}</figcaption>
        </figure>
        <dl className={styles.facts}>
          <dt>地址</dt>
          <dd>
            {store.cityName} {store.address}
          </dd>
          <dt>营业时间</dt>
          <dd>{store.hours}</dd>
          {store.phone && (
            <>
              <dt>电话</dt>
              <dd>
                <a href={`tel:${store.phone}`}>{store.phone}</a>
              </dd>
            </>
          )}
        </dl>
        <a className={styles.navigate} href={navigationUrl(store)} rel="noopener noreferrer">
          导航到门店
        </a>
      </section>
    </main>
  );
}
