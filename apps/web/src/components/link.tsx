import { type AnchorHTMLAttributes, type ComponentType, createContext, useContext } from 'react';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on `to` itself, not on the pages under it. */
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
}

/** How the site's links navigate: React Router's links in the app, plain anchors on `/`. */
export interface Navigation {
  Link: ComponentType<LinkProps>;
  NavLink: ComponentType<NavLinkProps>;
}

const isActive = (to: string, end: boolean | undefined, pathname: string) =>
  pathname === to || (!end && pathname.startsWith(to.endsWith('/') ? to : `${to}/`));

/**
 * Links that load the page they name, as an anchor does: the home page's own entry uses them, so
 * that its first load carries no router (ADR 0018, The home page's own entry). `pathname` is the
 * page shown, for the navigation bar's current link.
 */
export function anchorNavigation(pathname: string): Navigation {
  return {
    Link: ({ to, ...props }) => <a href={to} {...props} />,
    NavLink: ({ to, end, className, ...props }) => {
      const active = isActive(to, end, pathname);
      return (
        <a
          href={to}
          aria-current={active ? 'page' : undefined}
          className={className({ isActive: active })}
          {...props}
        />
      );
    },
  };
}

const NavigationContext = createContext<Navigation>(anchorNavigation('/'));

/** Gives the links below it their way of navigating (app/providers.tsx, app/home-app.tsx). */
export const NavigationProvider = NavigationContext.Provider;

/** A link to one of Daywise's own pages, navigating as the app around it does. */
export function Link(props: LinkProps) {
  const { Link: Navigate } = useContext(NavigationContext);
  return <Navigate {...props} />;
}

/** A navigation bar's link, styled by whether it names the page shown. */
export function NavLink(props: NavLinkProps) {
  const { NavLink: Navigate } = useContext(NavigationContext);
  return <Navigate {...props} />;
}
