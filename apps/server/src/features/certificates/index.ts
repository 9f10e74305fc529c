// The public face of features/certificates: what other features may import (docs/architecture.md, "Feature faces").

export { enqueueCertificateIssue } from './certificate-jobs';
export { certificateIdsOfParticipation, certificatesOfUser } from './certificate.service';
