import { Loading, PageFrame } from '@lms/shared';
import productLogo from '../../../assets/product-logo.svg';
import { FRAME_MARKS } from '../../frame';
import grid from './ShellGrid.module.css';
import styles from './FrameScreen.module.css';
import bar from './TopBar.module.css';

/**
 * Build time only (src/prerender.tsx): a signed-in page as the shell first draws it, for the
 * server to send with the document (api/src/areas/portal/page-frame.ts fills in the marks): the
 * top bar with the portal's name and the content pane with the area's heading over "loading".
 * The same grid, bar and page classes as the shell's own, so nothing moves when the shell's
 * page takes its place (features/frame); the menu, the initials and the side panes come with the shell.
 * Nothing in it can be focused or followed: it is a picture of the page until the page is there.
 */
export function FrameScreen() {
  return (
    <div className={grid.shell}>
      <header className={grid.menu}>
        <div className={bar.bar}>
          <span className={bar.brand}>
            <img src={productLogo} width={36} height={36} alt="" className={bar.logo} />
            <span className={bar.name} data-frame-name="">
              {FRAME_MARKS.name}
            </span>
          </span>
          {/* The phone's profile button, its initials to come (the page is one for everyone). */}
          <span className={bar.account} data-frame-account="">
            <span className={styles.avatar} />
          </span>
        </div>
      </header>
      <main className={`${grid.pane} ${grid.content} ${styles.content}`}>
        <PageFrame
          remote="shell"
          version=""
          title={FRAME_MARKS.title}
          description={FRAME_MARKS.description}
        >
          <Loading />
        </PageFrame>
      </main>
    </div>
  );
}
