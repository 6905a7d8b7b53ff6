import type { SelfUser } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { resolveAvatarUrl, resolveBannerUrl } from '../../../shared/lib/asset-url';
import { useSession } from '../../../shared/session/session-context';
import { Button } from '../../../shared/ui/Button';
import { notify } from '../../../shared/ui/notify';
import { isVideoUrl } from '../../../shared/lib/video-url';
import { uploadProfileMedia } from '../api/settings-api';
import { formatSize, isVideoFile, MEDIA_ACCEPT, MEDIA_MAX_BYTES, mediaFileError, type MediaKind } from '../lib/upload-validation';
import { SETTINGS_STRINGS } from '../strings';
import { MediaPreview } from './MediaPreview';
import { MediaRemoveDialog } from './MediaRemoveDialog';

const S = SETTINGS_STRINGS.media;

export interface MediaUploadFieldProps {
  kind: MediaKind;
  user: SelfUser;
}

/** The chosen file with an object URL for its preview (null where the browser has none), revoked when replaced or unmounted. */
function usePickedFile() {
  const [picked, setPicked] = useState<{ file: File; url: string | null } | null>(null);
  const urlRef = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );
  const pick = (file: File | null) => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    const url = file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
    urlRef.current = url;
    setPicked(file ? { file, url } : null);
  };
  return [picked, pick] as const;
}

/**
 * The current avatar (or banner) and a file picker: a chosen file is checked at once (type, size),
 * previewed as it will be shown (WebM as a muted looping video), and sent with "Загрузить". A set one
 * can be removed after a confirmation; the default shows instead.
 */
export function MediaUploadField({ kind, user }: MediaUploadFieldProps) {
  const { updateUser } = useSession();
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [picked, setFile] = usePickedFile();
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const file = picked?.file ?? null;
  const previewUrl = picked?.url ?? null;
  const label = kind === 'avatar' ? S.avatar : S.banner;
  const current = kind === 'avatar' ? user.avatar : user.profileBanner;
  const currentAnimated = kind === 'avatar' ? user.isAnimatedAvatar : user.isAnimatedBanner;
  const currentUrl = kind === 'avatar' ? resolveAvatarUrl(current) : resolveBannerUrl(current);

  const upload = useMutation({
    mutationFn: (chosen: File) => uploadProfileMedia(kind, chosen),
    onSuccess: (updated) => {
      updateUser(updated);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      notify.success(SETTINGS_STRINGS.savedTitle, S.uploaded[kind]);
    },
    onError: (failure) => {
      const message = isApiError(failure) ? (failure.fieldMessage('file') ?? failure.message) : S.uploadFailed;
      setError(message);
    },
  });

  const choose = (chosen: File | null) => {
    upload.reset();
    if (!chosen) {
      setFile(null);
      setError(null);
      return;
    }
    const problem = mediaFileError(chosen, kind);
    setError(problem);
    setFile(problem ? null : chosen);
  };

  const cancel = () => {
    setFile(null);
    setError(null);
    upload.reset();
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <div className={`media-field media-field--${kind}`}>
      <div className="media-field__previews">
        <figure className="media-field__figure">
          <MediaPreview className={`media-field__media media-field__media--${kind}`} src={currentUrl} video={isVideoUrl(current)} alt={S.current(label)} />
          <figcaption className="media-field__caption">
            {S.current(label)}
            {currentAnimated ? ` · ${S.animated}` : ''}
          </figcaption>
        </figure>
        {file ? (
          <figure className="media-field__figure media-field__figure--new">
            {previewUrl ? (
              <MediaPreview className={`media-field__media media-field__media--${kind}`} src={previewUrl} video={isVideoFile(file)} alt={S.chosen(label)} />
            ) : (
              <p className="media-field__media media-field__placeholder">{S.noPreview(file.name)}</p>
            )}
            <figcaption className="media-field__caption">{S.chosen(label)}</figcaption>
          </figure>
        ) : null}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {S.choose(label)}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="media-field__input"
          type="file"
          accept={MEDIA_ACCEPT}
          disabled={upload.isPending}
          aria-invalid={error ? true : undefined}
          aria-describedby={messageId}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
        />
        <p id={messageId} className={error ? 'field__message field__message--error' : 'field__message field__message--info'} role={error ? 'alert' : undefined}>
          {error ?? S.limit(formatSize(MEDIA_MAX_BYTES[kind]))}
        </p>
      </div>
      {file ? (
        <div className="media-field__actions">
          <Button onClick={() => upload.mutate(file)} disabled={upload.isPending}>
            {upload.isPending ? S.uploading : S.upload}
          </Button>
          <Button variant="secondary" onClick={cancel} disabled={upload.isPending}>
            {S.cancel}
          </Button>
        </div>
      ) : current ? (
        <div className="media-field__actions">
          <Button variant="ghost" onClick={() => setRemoving(true)}>
            {S.remove[kind]}
          </Button>
        </div>
      ) : null}
      <MediaRemoveDialog kind={kind} open={removing} onOpenChange={setRemoving} />
    </div>
  );
}
