import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import NavDropdown from 'react-bootstrap/NavDropdown';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink } from 'react-router';
import { SITE_NAME } from '../../../contracts/course';
import { paths } from '../../../contracts/paths';
import { useSignedIn } from '../../features/auth/auth-store';
import { PersonIcon } from './person-icon';

export function SiteHeader() {
  const signedIn = useSignedIn();
  return (
    <header>
      <Navbar expand="md" variant="dark" className="site-navbar" collapseOnSelect>
        <Container>
          <Navbar.Brand as={Link} to={paths.home}>
            <span className="brand-mark" aria-hidden="true">
              C
            </span>{' '}
            {SITE_NAME}
          </Navbar.Brand>
          <Navbar.Toggle aria-controls="site-nav" label="Open the menu" />
          <Navbar.Collapse id="site-nav">
            <Nav className="ms-auto align-items-md-center" as="ul">
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to={paths.home} end eventKey="home">
                  Home
                </Nav.Link>
              </Nav.Item>
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to={paths.signup} eventKey="signup">
                  Signup
                </Nav.Link>
              </Nav.Item>
              <Nav.Item as="li">
                {signedIn ? (
                  <Nav.Link as={NavLink} to={paths.logout} eventKey="logout">
                    Logout
                  </Nav.Link>
                ) : (
                  <Nav.Link as={NavLink} to={paths.login} eventKey="login">
                    Login
                  </Nav.Link>
                )}
              </Nav.Item>
              <NavDropdown
                as="li"
                align="end"
                id="account-menu"
                title={
                  <>
                    <PersonIcon />
                    <span className="visually-hidden">Account menu</span>
                  </>
                }
                className="account-menu"
              >
                <NavDropdown.Item as={Link} to={paths.dashboard}>
                  My Dashboard
                </NavDropdown.Item>
                <NavDropdown.Item as={Link} to={paths.profile}>
                  Edit Profile
                </NavDropdown.Item>
                <NavDropdown.Divider />
                {signedIn ? (
                  <NavDropdown.Item as={Link} to={paths.logout}>
                    Logout
                  </NavDropdown.Item>
                ) : (
                  <NavDropdown.Item as={Link} to={paths.login}>
                    Login
                  </NavDropdown.Item>
                )}
              </NavDropdown>
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
    </header>
  );
}
