// The public face of features/companies: what other features may import (docs/architecture.md, "Feature faces").

export { companyKey } from './company-key';
export { ensureCompanies } from './company.service';
export { companiesOfClient, companyNamesOf, findCompanyById } from './company.repository';
