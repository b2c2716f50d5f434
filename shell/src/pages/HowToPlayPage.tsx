import { useMemo } from 'react';
import { sanitizeHtml } from '@matka/shared/html';
import { webLink } from '@matka/shared/domain';
import { useShellHowToPlayQuery } from '../api';
import { ListState } from '../components/ListState';
import { contentLanguage, t, useLanguage } from '@matka/shared/i18n';
import { PageHeader } from '@matka/shared/ui';

/** /htp: How To Play text (sanitized HTML) and the tutorial video link. */
export default function HowToPlayPage() {
  const { data, isLoading, isError, refetch } = useShellHowToPlayQuery(contentLanguage(useLanguage()));
  const item = data?.content?.[0];
  const html = useMemo(() => sanitizeHtml(item?.how_to_play_content ?? ''), [item?.how_to_play_content]);
  const video = webLink(item?.video_link || data?.video_link);
  return (
    <section>
      <PageHeader title={t('menu.howToPlay', 'How To Play')} />
      <ListState
        loading={isLoading}
        error={isError}
        empty={!html && !video}
        emptyText={t('htp.empty', 'Nothing here yet.')}
        onRetry={() => void refetch()}
      >
        {html && <div className="card rich-text" dangerouslySetInnerHTML={{ __html: html }} />}
        {video && (
          <a className="btn btn-primary btn-block video-link" href={video} target="_blank" rel="noopener noreferrer">
            <span aria-hidden="true">▶</span> {t('htp.video', 'Watch the tutorial video')}
          </a>
        )}
      </ListState>
    </section>
  );
}
